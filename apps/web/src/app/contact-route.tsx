import { ChatLauncher } from '@/features/chat/chat-launcher';
import { ContactScreen } from '@/features/contact/contact-screen';

/** /contact and /user/contact: the contact details, and the support chat when the operator has it on. */
export function ContactRoute() {
  return (
    <>
      <ContactScreen />
      <ChatLauncher />
    </>
  );
}
