import { useParams } from 'react-router-dom';
import { BookingReceipt } from '../features/bookings/BookingReceipt';
import { BookingConversation } from '../features/conversations/BookingConversation';

/** /bookings/{id}: one booking's receipt and its parties' conversation, for its renter, whoever answers for the car, and admins. */
export default function BookingReceiptPage() {
  const { id = '' } = useParams();
  return (
    <BookingReceipt id={id}>
      {(receipt) => <BookingConversation bookingId={id} awaitingAnswer={receipt.status === 'requested'} />}
    </BookingReceipt>
  );
}
