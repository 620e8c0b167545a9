import { Comment } from '@mui/icons-material';
import { Button } from '@mui/material';
import type { Upgrade } from '@portal/contract';
import { lazy, useState } from 'react';
import { WhenOpened } from '../../shared/ui/when-opened';
import { type CommentsButton, visibleComments } from './rules';

const ReviewerCommentsDialog = lazy(() => import('./reviewer-comments-dialog').then((m) => ({ default: m.ReviewerCommentsDialog })));

/** The Comments button and its 'Reviewer Comments' popup (part 2 §2.2): display name, date and comment of each. */
export function ReviewerComments({ upgrade, button }: { upgrade: Upgrade; button: CommentsButton }) {
  const [open, setOpen] = useState(false);
  if (button === 'hidden') return null;
  const comments = visibleComments(upgrade);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<Comment />}
        disabled={button === 'disabled'}
        onClick={() => setOpen(true)}
        aria-label={`Comments on ${upgrade.code}`}
      >
        Comments
      </Button>
      <WhenOpened open={open}>
        <ReviewerCommentsDialog open={open} comments={comments} onClose={() => setOpen(false)} />
      </WhenOpened>
    </>
  );
}
