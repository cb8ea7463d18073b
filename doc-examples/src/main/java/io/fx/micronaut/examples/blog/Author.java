package io.fx.micronaut.examples.blog;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxIndex;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/**
 * A person who writes posts, served at {@code /api/authors}. Lists page in the default order (oldest first) through an
 * index on it, as {@link Post}'s do, so a page reads its rows instead of sorting the table.
 *
 * @since 0.1.0
 */
// tag::author[]
@FxModel(indices = @FxIndex(columns = {"created_at", "id"}))
public class Author extends BaseModel {
    @Fx("required, filterable, sortable")
    private String name;
    @Fx("required, unique, filterable")
    private String email;
    @Fx("enum:reader|writer|editor, default:writer, filterable")
    private String role;
    private String bio;
    @Fx("readonly, filterable")
    private String tenantId;
    private List<Post> posts;
    // tag::author-files[]
    @Fx("file, max_size:512KB, accept:image/png|image/jpeg, auto_delete:false")
    private String avatar;
    // end::author-files[]
    // end::author[]

    /** @return the display name */
    public String getName() {
        return name;
    }

    /** @param name the display name */
    public void setName(String name) {
        this.name = name;
    }

    /** @return the e-mail address, unique among authors (among a tenant's authors with {@code BLOG_TENANCY=true}) */
    public String getEmail() {
        return email;
    }

    /** @param email the e-mail address */
    public void setEmail(String email) {
        this.email = email;
    }

    /** @return one of {@code reader}, {@code writer}, {@code editor} */
    public String getRole() {
        return role;
    }

    /** @param role one of {@code reader}, {@code writer}, {@code editor} */
    public void setRole(String role) {
        this.role = role;
    }

    /** @return a short biography, or null */
    public String getBio() {
        return bio;
    }

    /** @param bio a short biography */
    public void setBio(String bio) {
        this.bio = bio;
    }

    /** @return the tenant, stamped from the caller's token when {@code BLOG_TENANCY=true}, or null */
    public String getTenantId() {
        return tenantId;
    }

    /** @param tenantId the tenant */
    public void setTenantId(String tenantId) {
        this.tenantId = tenantId;
    }

    /** @return the author's posts, filled only by {@code include=posts} (not a column) */
    public List<Post> getPosts() {
        return posts;
    }

    /** @param posts the author's posts */
    public void setPosts(List<Post> posts) {
        this.posts = posts;
    }

    /** @return the storage key of the avatar, kept when replaced */
    public String getAvatar() {
        return avatar;
    }

    /** @param avatar the storage key of the avatar, kept when replaced */
    public void setAvatar(String avatar) {
        this.avatar = avatar;
    }
}
