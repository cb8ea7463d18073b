package io.fx.micronaut.examples.blog;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/**
 * The junction of posts and tags, an ordinary model served at {@code /api/post_tags}: creating a row
 * tags a post, deleting it removes the tag. A post and a tag are linked at most once (409 otherwise);
 * deleting either side deletes its links.
 *
 * @since 0.1.0
 */
// tag::post-tag[]
@FxModel
public class PostTag extends BaseModel {

    @Fx("required, filterable, onDelete:cascade")
    private String postId;
    @Fx("required, filterable, onDelete:cascade")
    private String tagId;
    // end::post-tag[]

    /** @return the id of the tagged post */
    public String getPostId() {
        return postId;
    }

    /** @param postId the id of the tagged post */
    public void setPostId(String postId) {
        this.postId = postId;
    }

    /** @return the id of the tag */
    public String getTagId() {
        return tagId;
    }

    /** @param tagId the id of the tag */
    public void setTagId(String tagId) {
        this.tagId = tagId;
    }
}
