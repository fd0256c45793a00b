import { Sheet } from './sheet';
import { ComingSoon } from './coming-soon';

type ComingSoonSheetProps = { open: boolean; onClose: () => void; title: string; text: string };

/** A dialog for an action whose feature is still to come: says so plainly, pretends nothing. */
export function ComingSoonSheet({ open, onClose, title, text }: ComingSoonSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title={title}>
      <ComingSoon text={text} />
    </Sheet>
  );
}
