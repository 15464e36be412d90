import HomePage from '../../page';
import { inEnsemble } from '../ensemble-page';

export default inEnsemble(HomePage);
