package io.fx.micronaut.examples.blog;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/**
 * A reader's comment on a post, served at {@code /api/comments}. It belongs to a {@link Post} through
 * an explicit relation: the key {@code postId} plus the companion {@code post}; deleting the post
 * deletes its comments. {@code filter=post_id:eq:...} lists a post's comments.
 *
 * @since 0.1.0
 */
// tag::comment[]
@FxModel
@Fx("versioned:diff_only")
public class Comment extends BaseModel {
    @Fx("relation:Post;onDelete:cascade, filterable")
    private String postId;
    private Post post;
    @Fx("required")
    private String body;
    @Fx("required")
    private String authorName;
    @Fx("filterable, sortable")
    private Integer score;
    // tag::comment-files[]
    @Fx("file, immutable, max_size:1MB, accept:text/plain|application/pdf")
    private String attachment;
    // end::comment-files[]
    // end::comment[]

    /** @return the id of the post commented on */
    public String getPostId() {
        return postId;
    }

    /** @param postId the id of the post commented on */
    public void setPostId(String postId) {
        this.postId = postId;
    }

    /** @return the post, filled only by {@code include=post} (not a column) */
    public Post getPost() {
        return post;
    }

    /** @param post the post */
    public void setPost(Post post) {
        this.post = post;
    }

    /** @return the comment text */
    public String getBody() {
        return body;
    }

    /** @param body the comment text */
    public void setBody(String body) {
        this.body = body;
    }

    /** @return the commenter's name */
    public String getAuthorName() {
        return authorName;
    }

    /** @param authorName the commenter's name */
    public void setAuthorName(String authorName) {
        this.authorName = authorName;
    }

    /** @return the vote score, or null */
    public Integer getScore() {
        return score;
    }

    /** @param score the vote score */
    public void setScore(Integer score) {
        this.score = score;
    }

    /** @return the storage key of the attachment, set once on create */
    public String getAttachment() {
        return attachment;
    }

    /** @param attachment the storage key of the attachment, set once on create */
    public void setAttachment(String attachment) {
        this.attachment = attachment;
    }
}
