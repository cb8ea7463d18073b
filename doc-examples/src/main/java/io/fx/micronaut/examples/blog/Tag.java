package io.fx.micronaut.examples.blog;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/**
 * A tag with a unique name, served at {@code /api/tags}, linked to posts through {@link PostTag}.
 *
 * @since 0.1.0
 */
// tag::tag[]
@FxModel
public class Tag extends BaseModel {
    @Fx("required, unique, filterable, sortable")
    private String name;
    @Fx("through:PostTag")
    private List<Post> posts;
    // end::tag[]

    /** @return the tag name, unique among tags */
    public String getName() {
        return name;
    }

    /** @param name the tag name */
    public void setName(String name) {
        this.name = name;
    }

    /** @return the tagged posts, filled only by {@code include=posts} (not a column) */
    public List<Post> getPosts() {
        return posts;
    }

    /** @param posts the tagged posts */
    public void setPosts(List<Post> posts) {
        this.posts = posts;
    }
}
