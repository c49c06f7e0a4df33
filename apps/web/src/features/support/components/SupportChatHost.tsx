import { chatStore, useOpenChat } from '../chatStore';
import { ChatWindow } from './ChatWindow';

/** The floating chat of the query open in this tab, if any; mounted once, in the app layout. */
export function SupportChatHost() {
  const open = useOpenChat();
  if (!open) return null;
  return (
    <ChatWindow
      key={`${open.side}-${open.id}`}
      id={open.id}
      side={open.side}
      minimized={open.minimized}
      onToggleMinimized={chatStore.toggleMinimized}
      onClose={chatStore.close}
    />
  );
}
