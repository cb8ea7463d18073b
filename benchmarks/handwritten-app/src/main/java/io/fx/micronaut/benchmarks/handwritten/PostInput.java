package io.fx.micronaut.benchmarks.handwritten;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A create or update body. Presence rules ({@code title} and {@code body} on create) are checked by
 * {@link PostController}; value rules by Bean Validation. {@code slug} is accepted on create only and
 * {@code internal_note} is never read.
 *
 * @since 0.1.0
 */
@Serdeable
public record PostInput(
    @Nullable String title,
    @Nullable String body,
    @Nullable @Pattern(regexp = "draft|published|archived", message = "status must be one of draft, published, archived") String status,
    @Nullable @Min(value = 0, message = "views must be at least 0") Long views,
    @Nullable @DecimalMin(value = "0", message = "rating must be at least 0")
    @DecimalMax(value = "5", message = "rating must be at most 5") Double rating,
    @Nullable String slug,
    @JsonProperty("published_at") @Nullable Instant publishedAt,
    @Nullable List<String> labels,
    @Nullable Map<String, Object> attributes,
    @Nullable String secret) {
}
