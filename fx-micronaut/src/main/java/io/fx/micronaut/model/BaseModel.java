package io.fx.micronaut.model;

import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * The base every model extends: a server-generated UUID {@code id} and the {@code created_at} and
 * {@code updated_at} timestamps, all readonly. Subclasses are {@code @FxModel} (or
 * {@code @Introspected} and registered programmatically) and add their own properties.
 *
 * @since 0.1.0
 */
public abstract class BaseModel {

    private String id;
    private Instant createdAt;
    private Instant updatedAt;

    /** @return the record id, a lower-case UUID v4 */
    @Nullable
    public String getId() {
        return id;
    }

    /** @param id the record id */
    public void setId(@Nullable String id) {
        this.id = id;
    }

    /** @return when the record was created (UTC) */
    @Nullable
    public Instant getCreatedAt() {
        return createdAt;
    }

    /** @param createdAt when the record was created */
    public void setCreatedAt(@Nullable Instant createdAt) {
        this.createdAt = createdAt;
    }

    /** @return when the record was last updated (UTC) */
    @Nullable
    public Instant getUpdatedAt() {
        return updatedAt;
    }

    /** @param updatedAt when the record was last updated */
    public void setUpdatedAt(@Nullable Instant updatedAt) {
        this.updatedAt = updatedAt;
    }
}
