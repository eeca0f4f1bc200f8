import { useSelectedInstituteId } from '../../features/institutes';
import { ContactPage } from '../../features/support';

/** /support/contact (admin, member, owner). */
export default function SupportContactPage() {
  return <ContactPage instituteId={useSelectedInstituteId()} />;
}
