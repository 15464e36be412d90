import SessionsPage, { metadata as viewMetadata } from '../../../sessions/page';
import { inEnsemble } from '../../ensemble-page';

export const metadata = viewMetadata;

export default inEnsemble(SessionsPage);
