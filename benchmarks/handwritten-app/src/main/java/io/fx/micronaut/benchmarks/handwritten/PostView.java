package io.fx.micronaut.benchmarks.handwritten;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.List;
import java.util.Map;

/**
 * A post as the API returns it (timestamps as RFC 3339 text, nulls written), in the framework's
 * property order.
 *
 * @since 0.1.0
 */
@Serdeable
@JsonInclude(JsonInclude.Include.ALWAYS)
public record PostView(
    String id,
    @JsonProperty("created_at") String createdAt,
    @JsonProperty("updated_at") String updatedAt,
    String title,
    String body,
    String status,
    long views,
    @Nullable Double rating,
    @Nullable String slug,
    @JsonProperty("published_at") @Nullable String publishedAt,
    @Nullable List<String> labels,
    @Nullable Map<String, Object> attributes,
    @JsonProperty("author_id") @Nullable String authorId,
    @JsonProperty("owner_id") @Nullable String ownerId,
    @JsonProperty("featured_tag_id") @Nullable String featuredTagId,
    @JsonProperty("publish_at") @Nullable String publishAt,
    @JsonProperty("expires_at") @Nullable String expiresAt,
    @Nullable String cover,
    @Nullable String thumbnail,
    @JsonProperty("deleted_at") @Nullable String deletedAt) {
}
