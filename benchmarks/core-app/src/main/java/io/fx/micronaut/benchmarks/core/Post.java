package io.fx.micronaut.benchmarks.core;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxIndex;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.BaseModel;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The blog's post over the blog's {@code posts} table, with the directives the core serves alone: no relation, no
 * file, no scheduled field and no history, whose modules this application leaves out.
 *
 * @since 0.10.0
 */
@FxModel(softDelete = SoftDelete.TIMESTAMP, timestamps = "filterable, sortable",
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
    @Fx("json_array, filterable")
    private List<String> labels;
    @Fx("json_object, filterable")
    private Map<String, Object> attributes;
    @Fx("writeonly")
    private String secret;
    @Fx("hidden")
    private String internalNote;
    @Fx("readonly, filterable")
    private String ownerId;

    public String getTitle() {
        return title;
    }

    public void setTitle(String title) {
        this.title = title;
    }

    public String getBody() {
        return body;
    }

    public void setBody(String body) {
        this.body = body;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public long getViews() {
        return views;
    }

    public void setViews(long views) {
        this.views = views;
    }

    public Double getRating() {
        return rating;
    }

    public void setRating(Double rating) {
        this.rating = rating;
    }

    public String getSlug() {
        return slug;
    }

    public void setSlug(String slug) {
        this.slug = slug;
    }

    public Instant getPublishedAt() {
        return publishedAt;
    }

    public void setPublishedAt(Instant publishedAt) {
        this.publishedAt = publishedAt;
    }

    public List<String> getLabels() {
        return labels;
    }

    public void setLabels(List<String> labels) {
        this.labels = labels;
    }

    public Map<String, Object> getAttributes() {
        return attributes;
    }

    public void setAttributes(Map<String, Object> attributes) {
        this.attributes = attributes;
    }

    public String getSecret() {
        return secret;
    }

    public void setSecret(String secret) {
        this.secret = secret;
    }

    public String getInternalNote() {
        return internalNote;
    }

    public void setInternalNote(String internalNote) {
        this.internalNote = internalNote;
    }

    public String getOwnerId() {
        return ownerId;
    }

    public void setOwnerId(String ownerId) {
        this.ownerId = ownerId;
    }
}
