import DemoPage, { metadata as viewMetadata } from '../../../demo/page';
import { inEnsemble } from '../../ensemble-page';

export const metadata = viewMetadata;

export default inEnsemble(DemoPage);
