import IncidentsPage, { metadata as viewMetadata } from '../../../incidents/page';
import { inEnsemble } from '../../ensemble-page';

export const metadata = viewMetadata;

export default inEnsemble(IncidentsPage);
