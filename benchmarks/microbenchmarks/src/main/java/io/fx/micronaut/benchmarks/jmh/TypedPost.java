package io.fx.micronaut.benchmarks.jmh;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The hand-written service's typed post, for the serialisation baseline.
 *
 * @since 0.1.0
 */
@Serdeable
@JsonInclude(JsonInclude.Include.ALWAYS)
public record TypedPost(
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
    @JsonProperty("deleted_at") @Nullable String deletedAt) {

    /**
     * @param data  the posts
     * @param meta  the paging information
     */
    @Serdeable
    public record Page(List<TypedPost> data, Meta meta) {
    }

    /**
     * @param total rows in total
     * @param page  page number
     * @param limit page size
     * @param pages number of pages
     */
    @Serdeable
    public record Meta(long total, int page, int limit, long pages) {
    }

    /**
     * @param rows  rows as {@link BlogContext#postRows} makes them
     * @param total the total to report
     * @return the typed page
     */
    @SuppressWarnings("unchecked")
    public static Page page(List<Map<String, Object>> rows, long total) {
        List<TypedPost> data = new ArrayList<>(rows.size());
        for (Map<String, Object> row : rows) {
            data.add(new TypedPost((String) row.get("id"), text(row.get("created_at")), text(row.get("updated_at")),
                (String) row.get("title"), (String) row.get("body"), (String) row.get("status"), (Long) row.get("views"),
                (Double) row.get("rating"), (String) row.get("slug"), text(row.get("published_at")),
                (List<String>) row.get("labels"), (Map<String, Object>) row.get("attributes"), null, null));
        }
        int limit = rows.size();
        return new Page(data, new Meta(total, 1, limit, (total + limit - 1) / limit));
    }

    private static String text(Object instant) {
        return instant == null ? null : ((Instant) instant).toString();
    }
}
