/** BookKeeper's auditor election: `V_N` under `…/underreplication/auditorelection`; the lowest is the auditor, each other bookie watches the vote before it (exists). */
import { byValue, defineRecipe, sequentialLayout } from './recipe';

export const bookkeeperAuditor = defineRecipe({
  id: 'bookkeeper-auditor',
  name: 'BookKeeper AuditorElector',
  layouts: [sequentialLayout('bookkeeper-vote', 'V_')],
  queue: { watch: 'exists', sort: byValue },
});
