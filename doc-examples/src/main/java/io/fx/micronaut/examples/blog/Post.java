package io.fx.micronaut.examples.blog;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxIndex;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A blog post, served at {@code /api/posts}. Deleting a post only stamps {@code deleted_at}; the row
 * stays queryable with {@code filter=deleted_at:not_null}. A post belongs to an {@link Author} by
 * convention ({@code authorId}; deleting the author deletes the posts), has many {@link Comment}s and
 * many {@link Tag}s through {@link PostTag}.
 *
 * @since 0.1.0
 */
// tag::post[]
@FxModel(versioned = true, softDelete = SoftDelete.TIMESTAMP, timestamps = "filterable, sortable",
    indices = {@FxIndex(columns = {"created_at", "id"}), @FxIndex(columns = {"status", "created_at", "id"})})
public class Post extends BaseModel {
    @Fx("required, filterable, sortable")
    private String title;
    @Fx("required")
    private String body;
    @Fx("enum:draft|published|archived, default:draft, filterable, sortable")
    private String status;
    @Fx("min:0, default:0, filterable, sortable")
    private long views;
    @Fx("min:0, max:5, filterable, sortable")
    private Double rating;
    @Fx("immutable, unique, filterable")
    private String slug;
    @Fx("filterable, sortable")
    private Instant publishedAt;
    // tag::scheduled-fields[]
    @Fx("scheduled;field=status;from=draft;to=published, filterable, sortable")
    private Instant publishAt;
    @Fx("scheduled;soft-delete, filterable")
    private Instant expiresAt;
    // end::scheduled-fields[]
    @Fx("json_array, filterable")
    private List<String> labels;
    @Fx("json_object, filterable")
    private Map<String, Object> attributes;
    @Fx("writeonly")
    private String secret;
    @Fx("hidden")
    private String internalNote;
    @Fx("filterable, onDelete:cascade")
    private String authorId;
    @Fx("readonly, filterable")
    private String ownerId;
    @Fx("relation:FeaturedTag;onDelete:setNull, filterable")
    private String featuredTagId;
    private Tag featuredTag;
    private List<Comment> comments;
    @Fx("through:PostTag")
    private List<Tag> tags;
    // tag::post-files[]
    @Fx("file, max_size:2MB, accept:image/*")
    private String cover;
    @Fx("file, readonly")
    private String thumbnail;
    // end::post-files[]
    // end::post[]

    /** @return the title */
    public String getTitle() {
        return title;
    }

    /** @param title the title */
    public void setTitle(String title) {
        this.title = title;
    }

    /** @return the text of the post */
    public String getBody() {
        return body;
    }

    /** @param body the text of the post */
    public void setBody(String body) {
        this.body = body;
    }

    /** @return one of {@code draft}, {@code published}, {@code archived} */
    public String getStatus() {
        return status;
    }

    /** @param status one of {@code draft}, {@code published}, {@code archived} */
    public void setStatus(String status) {
        this.status = status;
    }

    /** @return the view count, never negative */
    public long getViews() {
        return views;
    }

    /** @param views the view count */
    public void setViews(long views) {
        this.views = views;
    }

    /** @return the rating between 0 and 5, or null */
    public Double getRating() {
        return rating;
    }

    /** @param rating the rating between 0 and 5 */
    public void setRating(Double rating) {
        this.rating = rating;
    }

    /** @return the URL slug, unique and fixed at creation */
    public String getSlug() {
        return slug;
    }

    /** @param slug the URL slug */
    public void setSlug(String slug) {
        this.slug = slug;
    }

    /** @return when the post was published, or null */
    public Instant getPublishedAt() {
        return publishedAt;
    }

    /** @param publishedAt when the post was published */
    public void setPublishedAt(Instant publishedAt) {
        this.publishedAt = publishedAt;
    }

    /** @return free-form labels, stored as a JSON array */
    public List<String> getLabels() {
        return labels;
    }

    /** @param labels free-form labels */
    public void setLabels(List<String> labels) {
        this.labels = labels;
    }

    /** @return free-form attributes, stored as a JSON object */
    public Map<String, Object> getAttributes() {
        return attributes;
    }

    /** @param attributes free-form attributes */
    public void setAttributes(Map<String, Object> attributes) {
        this.attributes = attributes;
    }

    /** @return a value accepted on write and never returned */
    public String getSecret() {
        return secret;
    }

    /** @param secret a value accepted on write and never returned */
    public void setSecret(String secret) {
        this.secret = secret;
    }

    /** @return a server-side note, neither writable nor returned over HTTP */
    public String getInternalNote() {
        return internalNote;
    }

    /** @param internalNote a server-side note */
    public void setInternalNote(String internalNote) {
        this.internalNote = internalNote;
    }

    /** @return the id of the author */
    public String getAuthorId() {
        return authorId;
    }

    /** @param authorId the id of the author */
    public void setAuthorId(String authorId) {
        this.authorId = authorId;
    }

    /** @return the user id of the caller who created the post (stamped by the owner rule), or null */
    public String getOwnerId() {
        return ownerId;
    }

    /** @param ownerId the user id of the post's owner */
    public void setOwnerId(String ownerId) {
        this.ownerId = ownerId;
    }

    /** @return the comments, filled only by {@code include=comments} (not a column) */
    public List<Comment> getComments() {
        return comments;
    }

    /** @param comments the comments */
    public void setComments(List<Comment> comments) {
        this.comments = comments;
    }

    /** @return the tags, filled only by {@code include=tags} (not a column) */
    public List<Tag> getTags() {
        return tags;
    }

    /** @param tags the tags */
    public void setTags(List<Tag> tags) {
        this.tags = tags;
    }

    /** @return the id of the tag featured with the post; deleting the tag clears it (an update in the history) */
    public String getFeaturedTagId() {
        return featuredTagId;
    }

    /** @param featuredTagId the id of the featured tag */
    public void setFeaturedTagId(String featuredTagId) {
        this.featuredTagId = featuredTagId;
    }

    /** @return the featured tag, filled only by {@code include=featured_tag} */
    public Tag getFeaturedTag() {
        return featuredTag;
    }

    /** @param featuredTag the featured tag */
    public void setFeaturedTag(Tag featuredTag) {
        this.featuredTag = featuredTag;
    }

    /** @return when a draft is published (the scheduled runner sets {@code status}), or null */
    public Instant getPublishAt() {
        return publishAt;
    }

    /** @param publishAt when a draft is published, or null to unschedule */
    public void setPublishAt(Instant publishAt) {
        this.publishAt = publishAt;
    }

    /** @return when the post is soft-deleted by the scheduled runner, or null */
    public Instant getExpiresAt() {
        return expiresAt;
    }

    /** @param expiresAt when the post expires, or null to keep it */
    public void setExpiresAt(Instant expiresAt) {
        this.expiresAt = expiresAt;
    }

    /** @return the storage key of the cover image, or null */
    public String getCover() {
        return cover;
    }

    /** @param cover the storage key of the cover image, or null */
    public void setCover(String cover) {
        this.cover = cover;
    }

    /** @return the storage key of the thumbnail, set by the server only */
    public String getThumbnail() {
        return thumbnail;
    }

    /** @param thumbnail the storage key of the thumbnail, set by the server only */
    public void setThumbnail(String thumbnail) {
        this.thumbnail = thumbnail;
    }
}
