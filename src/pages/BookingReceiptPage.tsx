import { useParams } from 'react-router-dom';
import { BookingReceipt } from '../features/bookings/BookingReceipt';

/** /bookings/{id}: one booking's receipt, for its renter, whoever answers for the car, and admins. */
export default function BookingReceiptPage() {
  const { id = '' } = useParams();
  return <BookingReceipt id={id} />;
}
