import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle, X } from 'lucide-react';
import { cx } from '@jetton/ui/lib/cx';
import type { ChatPanelProps } from './chat-panel';
import { useChatEnabled } from './use-chat-enabled';
import styles from './chat-launcher.module.css';

const PANEL_ID = 'support-chat-panel';

/**
 * The chat button on /contact and /user/contact, shown when the operator has the
 * widget on. The panel, and socket.io with it, load only when first opened:
 * nothing of the chat is in any page's first download.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const enabled = useChatEnabled();
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  if (!enabled) return null;

  const toggle = () => {
    if (!Panel) {
      setLoadFailed(false);
      import('./chat-panel').then(
        (module) => setPanel(() => module.ChatPanel),
        () => setLoadFailed(true),
      );
    }
    setOpen((value) => !value);
  };

  return (
    <>
      {Panel && <Panel id={PANEL_ID} open={open} onClose={() => setOpen(false)} />}
      {open && loadFailed && (
        <p className={styles.loadFailed} role="alert">
          {t('common.loadFailed')}
        </p>
      )}
      <button
        type="button"
        className={cx(styles.fab, open && styles.open)}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label={open ? t('chat.close') : t('chat.open')}
        onClick={toggle}
      >
        <span className={styles.icon} aria-hidden="true">
          {open ? <X size={26} strokeWidth={2} /> : <MessageCircle size={26} strokeWidth={2} />}
        </span>
      </button>
    </>
  );
}
