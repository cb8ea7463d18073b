package io.fx.micronaut.events.webhooks;

import io.micronaut.core.annotation.NonNull;

/** Counts webhook attempts, when the application has a Micrometer registry ({@link MicrometerWebhookMetrics}). */
interface WebhookMetrics {

    /**
     * @param webhook the webhook's name
     * @param outcome {@code delivered}, {@code retried} or {@code failed}
     * @param reason  the status ({@code 503}), {@code timeout}, {@code connection}, {@code ssrf_refused},
     *                {@code disabled}; {@code none} when delivered
     */
    void attempt(@NonNull String webhook, @NonNull String outcome, @NonNull String reason);
}
