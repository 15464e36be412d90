import GarbagePage, { metadata as viewMetadata } from '../../../garbage/page';
import { inEnsemble } from '../../ensemble-page';

export const metadata = viewMetadata;

export default inEnsemble(GarbagePage);
