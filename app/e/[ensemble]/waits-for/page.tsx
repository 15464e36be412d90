import WaitsForPage, { metadata as viewMetadata } from '../../../waits-for/page';
import { inEnsemble } from '../../ensemble-page';

export const metadata = viewMetadata;

export default inEnsemble(WaitsForPage);
