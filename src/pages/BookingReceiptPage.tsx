import { useParams } from 'react-router-dom';
import { BookingReceipt } from '../features/bookings/BookingReceipt';
import { useBookingReceipt } from '../features/bookings/queries';
import { BookingConversation } from '../features/conversations/BookingConversation';

/** /bookings/{id}: one booking's receipt and its parties' conversation, for its renter, whoever answers for the car, and admins. */
export default function BookingReceiptPage() {
  const { id = '' } = useParams();
  // The receipt's own query, already loaded: whether the booking may still be accepted.
  const receipt = useBookingReceipt(id);
  return (
    <BookingReceipt id={id}>
      <BookingConversation bookingId={id} awaitingAnswer={receipt.data ? receipt.data.status === 'requested' : undefined} />
    </BookingReceipt>
  );
}
