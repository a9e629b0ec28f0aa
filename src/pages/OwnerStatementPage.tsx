import { useParams } from 'react-router-dom';
import { Statement } from '../features/earnings/Statement';

/** /owner/statements/{month}: an owner's statement of one India month, to print or download. */
export default function OwnerStatementPage() {
  const { month = '' } = useParams();
  return <Statement month={month} />;
}
