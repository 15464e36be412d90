/**
 * Solr's LeaderElector (the Overseer's and each shard's election): `<session>-<id>-n_N`, where
 * the session is the candidate's ZooKeeper session id in decimal and the id its node name or
 * core node name. The lowest sequence leads; each other candidate watches the one just before it
 * with getData (`LeaderElector.checkIfIamLeader`).
 */
import { byValue, defineRecipe, sequentialLayout } from './recipe';

export const solrElection = defineRecipe({
  id: 'solr-election',
  name: 'Solr LeaderElector',
  layouts: [sequentialLayout('solr-election', '-?\\d+-.+-n_')],
  queue: { watch: 'data', sort: byValue },
});
