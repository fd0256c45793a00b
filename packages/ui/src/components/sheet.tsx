import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { pushLayerHost } from './layer-host';
import styles from './sheet.module.css';

type SheetProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** `alertdialog` for a message that needs the member's attention (an error dialog). */
  role?: 'dialog' | 'alertdialog';
};

/** Pixels a member drags the handle down before the sheet closes. */
const DRAG_CLOSE_PX = 80;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * A modal bottom sheet on phones and a centred dialog on wider screens, built
 * on <dialog>.showModal(): the page behind is inert, Escape and the Android
 * back gesture close it, and focus returns to the opener. Tab is also kept
 * inside explicitly, so focus never escapes to the browser chrome.
 */
export function Sheet({ open, onClose, title, children, role }: SheetProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const dragStartY = useRef<number | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    dialog.showModal();
    const releaseHost = pushLayerHost(dialog);
    return () => {
      releaseHost();
      if (dialog.open) dialog.close();
    };
  }, [open]);

  if (!open) return null;

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const moveTo = (offset: number): void => {
    if (panelRef.current) panelRef.current.style.transform = offset > 0 ? `translateY(${offset}px)` : '';
  };

  const onDragStart = (event: PointerEvent<HTMLDivElement>): void => {
    dragStartY.current = event.clientY;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onDragMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (dragStartY.current !== null) moveTo(event.clientY - dragStartY.current);
  };
  const onDragEnd = (event: PointerEvent<HTMLDivElement>): void => {
    if (dragStartY.current === null) return;
    const offset = event.clientY - dragStartY.current;
    dragStartY.current = null;
    moveTo(0);
    if (offset > DRAG_CLOSE_PX) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={trapTab}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop area.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={panelRef} className={styles.panel}>
        <div
          className={styles.handleArea}
          onPointerDown={onDragStart}
          onPointerMove={onDragMove}
          onPointerUp={onDragEnd}
          onPointerCancel={onDragEnd}
          aria-hidden="true"
        >
          <span className={styles.handle} />
        </div>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
            <X aria-hidden="true" size={22} strokeWidth={2} />
          </button>
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
