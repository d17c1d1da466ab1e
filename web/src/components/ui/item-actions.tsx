import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

type ItemActionsProps = {
  editText: string;
  deleteText: string;
  /** editLabel and deleteLabel also name the item ("Edit Past tense"), for
   * assistive technology reading a list of cards. */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** ItemActions are the edit and delete buttons of a card of one's own. */
export function ItemActions({ editText, deleteText, editLabel, deleteLabel, onEdit, onDelete }: ItemActionsProps) {
  return (
    <>
      <Button variant="secondary" className="min-h-10 px-3" onClick={onEdit} aria-label={editLabel}>
        <Pencil className="size-4" aria-hidden />
        {editText}
      </Button>
      <Button variant="ghost" className="min-h-10 px-3 text-danger hover:bg-danger-bg" onClick={onDelete} aria-label={deleteLabel}>
        <Trash2 className="size-4" aria-hidden />
        {deleteText}
      </Button>
    </>
  );
}
