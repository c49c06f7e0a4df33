import { Suspense } from 'react';
import { lazyComponent } from '../../../shared/ui/lazyComponent';
import { chatStore, useOpenChat } from '../chatStore';

// The chat's window (its message list and composer) loads when a chat opens, not with the frame.
const ChatWindow = lazyComponent(async () => (await import('./ChatWindow')).ChatWindow);

/** The floating chat of the query open in this tab, if any; mounted once, in the app layout. */
export function SupportChatHost() {
  const open = useOpenChat();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChatWindow
        key={`${open.side}-${open.id}`}
        id={open.id}
        side={open.side}
        minimized={open.minimized}
        onToggleMinimized={chatStore.toggleMinimized}
        onClose={chatStore.close}
      />
    </Suspense>
  );
}
