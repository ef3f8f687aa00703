import type { UseQueryResult } from '@tanstack/react-query';
import { plans } from '../../../../contracts/plans';
import type { Post } from '../../../../contracts/posts';
import type { PostComment } from '../../../../contracts/team';
import { useMemberNames } from '../../approvals/api/get-member-names';
import { submitterName } from '../../approvals/approval-display';
import { CommentThread } from '../../approvals/components/comment-thread';
import { WaitingForApprovalNotice } from '../../approvals/components/review-notices';
import { useAuth } from '../../auth/api/get-current-user';
import { useCan } from '../../auth/use-permission';
import { ApprovalPanel } from './approval-panel';

interface PostApprovalProps {
  post: Post;
  zone: string;
  comments: UseQueryResult<PostComment[]>;
}

/**
 * The approval part of a post's panel: the review (approvers) or the waiting notice (everyone
 * else) while it waits for approval, then the team's thread. A workspace whose plan has no team
 * collaboration sees the thread only when it already holds something.
 */
export function PostApproval({ post, zone, comments }: PostApprovalProps) {
  const { user } = useAuth();
  const canApprove = useCan('posts.approve');
  const canComment = useCan('posts.comment');
  const waiting = post.status === 'pending_approval';
  const names = useMemberNames(
    waiting && Boolean(post.submittedByUserId) && post.submittedByUserId !== user?.id,
  );
  const submitter = submitterName(post, user?.id, names.data);
  const teamPlan = user ? plans[user.workspace.plan].limits.teamCollaboration : false;
  const showThread = teamPlan || (comments.data?.length ?? 0) > 0;

  return (
    <>
      {waiting ? (
        canApprove ? (
          <ApprovalPanel key={post.id} post={post} zone={zone} submitter={submitter} />
        ) : (
          <WaitingForApprovalNotice post={post} submitter={submitter} zone={zone} />
        )
      ) : null}
      {showThread ? (
        <CommentThread postId={post.id} zone={zone} comments={comments} canComment={canComment && teamPlan} />
      ) : null}
    </>
  );
}
