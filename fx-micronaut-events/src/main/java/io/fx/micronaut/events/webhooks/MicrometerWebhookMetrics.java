package io.fx.micronaut.events.webhooks;

import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * The counter {@code fx.events.webhook.attempts}, tagged {@code webhook}, {@code outcome} ({@code delivered},
 * {@code retried}, {@code failed}) and {@code reason} (the status, {@code timeout}, {@code connection},
 * {@code ssrf_refused}, {@code disabled}, or {@code none}).
 */
@Singleton
@Requires(classes = MeterRegistry.class)
@Requires(beans = MeterRegistry.class)
final class MicrometerWebhookMetrics implements WebhookMetrics {

    /** The counter's name. */
    static final String ATTEMPTS = "fx.events.webhook.attempts";

    private final MeterRegistry registry;

    MicrometerWebhookMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void attempt(@NonNull String webhook, @NonNull String outcome, @NonNull String reason) {
        registry.counter(ATTEMPTS, "webhook", webhook, "outcome", outcome, "reason", reason).increment();
    }
}
