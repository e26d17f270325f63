/** The fault suite of issue 7 for one bulk operation (see support/faultMatrix.ts for what every run must show). */
import { describeFaultMatrix } from '../../../support/reliability/faultMatrix';

describeFaultMatrix('update');
