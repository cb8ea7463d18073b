package io.fx.micronaut.events.webhooks;

import io.fx.micronaut.events.EventDeliveryException;
import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventPatterns;
import io.fx.micronaut.events.EventsConfiguration;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.EachBean;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A webhook ({@code fx.events.webhooks.<name>}), an event destination: each matching event is POSTed to the URL as
 * its CloudEvent ({@code application/cloudevents+json}), signed as Standard Webhooks 1.0 says:
 * {@code webhook-id} (the event id, the same on every retry), {@code webhook-timestamp} (the attempt's time, Unix
 * seconds) and {@code webhook-signature} ({@code v1,<base64 HMAC-SHA256>} per secret, space-separated).
 *
 * <p>A 2xx answer delivers it. A redirect (3xx, never followed) or another 4xx fails it for good; 410 Gone also
 * disables the webhook until the application restarts (its later deliveries fail at once, to be retried by hand
 * with {@code EventOutbox.retryFailed}). 408, 429, 5xx, a timeout or a connection error is retried as
 * {@code retry-schedule} says, or after the answer's {@code Retry-After} (at most 24 h). A host that resolves to a
 * loopback, private, link-local or otherwise internal address outside {@code allowed-networks} fails it
 * ({@code ssrf_refused}) before any connection. Each failure is logged (event id, webhook, status; never the body,
 * a header's value or a secret) and counted ({@code fx.events.webhook.attempts}, with a Micrometer registry).</p>
 *
 * @since 0.8.0
 */
@EachBean(WebhookConfiguration.class)
public final class WebhookPublisher implements EventDestination {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookPublisher.class);
    private static final Set<String> RESERVED = Set.of("webhook-id", "webhook-timestamp", "webhook-signature",
        "content-type", "content-length", "content-encoding", "transfer-encoding", "host", "connection", "upgrade",
        "expect", "te", "trailer", "keep-alive", "proxy-connection");

    private final String name;
    private final List<String> patterns;
    private final Duration timeout;
    private final List<Duration> schedule;
    private final WebhookTarget target;
    private final WebhookSigner signer;
    private final Map<String, String> headers;
    private final WebhookClient client;
    private final Optional<WebhookMetrics> metrics;
    private final AtomicBoolean disabled = new AtomicBoolean();

    @Inject
    WebhookPublisher(WebhookConfiguration configuration, EventsConfiguration events, Optional<WebhookMetrics> metrics) {
        this(configuration, events.getBatchSizes().getOrDefault(configuration.name(), events.getBatchSize()), metrics,
            InetAddress::getAllByName);
    }

    /**
     * @param batchSize how many deliveries the relay hands it at once ({@code fx.events.batch-sizes.<name>}, else
     *                  {@code fx.events.batch-size}): its connection pool's size, so that none waits for a
     *                  connection while its timeout runs
     */
    WebhookPublisher(WebhookConfiguration configuration, int batchSize, Optional<WebhookMetrics> metrics,
                     GuardedDnsResolver.Lookup lookup) {
        this.name = configuration.name();
        String key = WebhookConfiguration.PREFIX + "." + name;
        try {
            Subscription.checkName(name);
            EventPatterns.of(configuration.patterns());
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(key + ": " + e.getMessage());
        }
        this.patterns = configuration.patterns();
        this.timeout = configuration.timeout();
        if (timeout.isZero() || timeout.isNegative()) {
            throw new FxConfigurationException(configuration.key("timeout") + " must be positive");
        }
        this.schedule = configuration.retrySchedule();
        if (schedule.stream().anyMatch(Duration::isNegative)) {
            throw new FxConfigurationException(configuration.key("retry-schedule") + " has a negative delay");
        }
        AddressPolicy policy = new AddressPolicy(networks(configuration));
        this.target = WebhookTarget.of(configuration.url(), policy, configuration.key("url"));
        this.signer = WebhookSigner.of(configuration.secrets(), configuration.key("secrets"));
        this.headers = headers(configuration);
        this.metrics = metrics;
        this.client = new WebhookClient(new GuardedDnsResolver(policy, lookup), timeout, name, Math.max(1, batchSize));
    }

    private static List<Cidr> networks(WebhookConfiguration configuration) {
        List<Cidr> networks = new ArrayList<>();
        for (String network : configuration.allowedNetworks()) {
            try {
                networks.add(Cidr.parse(network));
            } catch (IllegalArgumentException e) {
                throw new FxConfigurationException(configuration.key("allowed-networks") + ": " + e.getMessage());
            }
        }
        return networks;
    }

    private static Map<String, String> headers(WebhookConfiguration configuration) {
        Map<String, String> headers = new LinkedHashMap<>();
        configuration.headers().forEach((header, value) -> {
            String lower = header.toLowerCase(Locale.ROOT);
            if (RESERVED.contains(lower) || !lower.matches("[a-z0-9!#$%&'*+.^_`|~-]+")) {
                throw new FxConfigurationException(configuration.key("headers") + ": '" + header
                    + "' is not a header it may set");
            }
            if (value == null || value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw new FxConfigurationException(configuration.key("headers") + "." + header
                    + " holds a line break");
            }
            headers.put(header, value);
        });
        return Map.copyOf(headers);
    }

    @Override
    @NonNull
    public String name() {
        return name;
    }

    @Override
    @NonNull
    public List<String> patterns() {
        return patterns;
    }

    @Override
    @NonNull
    public Optional<List<Duration>> retrySchedule() {
        return Optional.of(schedule);
    }

    /** @return the webhook's timeout and a second, so the webhook's own timeout ends a slow attempt first */
    @Override
    @NonNull
    public Optional<Duration> deliveryTimeout() {
        return Optional.of(timeout.plusSeconds(1));
    }

    /** @return whether a 410 Gone disabled it (until the application restarts) */
    public boolean isDisabled() {
        return disabled.get();
    }

    @Override
    @NonNull
    public CompletionStage<Void> deliver(@NonNull EventMessage event) {
        if (disabled.get()) {
            return CompletableFuture.failedFuture(failed(event, "disabled", EventDeliveryException.permanent(
                "disabled: the webhook answered 410 Gone; it is off until the application restarts")));
        }
        long timestamp = Instant.now().getEpochSecond();
        Map<String, String> request = new LinkedHashMap<>(headers);
        request.put("webhook-id", event.id());
        request.put("webhook-timestamp", Long.toString(timestamp));
        request.put("webhook-signature", signer.sign(event.id(), timestamp, event.json()));
        CompletableFuture<WebhookClient.Answer> answer = client.post(target, event.json(), request);
        CompletableFuture<Void> outcome = answer.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
            .handle((reply, error) -> {
                if (error != null) {
                    throw failure(event, error);
                }
                return answered(event, reply);
            });
        outcome.whenComplete((ignored, error) -> {
            if (error != null) {
                answer.cancel(true);
            }
        });
        return outcome;
    }

    private Void answered(EventMessage event, WebhookClient.Answer reply) {
        int status = reply.status();
        String code = Integer.toString(status);
        if (status >= 200 && status < 300) {
            metrics.ifPresent(m -> m.attempt(name, "delivered", "none"));
            return null;
        }
        if (status == 410) {
            if (disabled.compareAndSet(false, true)) {
                LOG.warn("Webhook {} answered 410 Gone for event {}: disabled until the application restarts", name,
                    event.id());
            }
            throw failed(event, code, EventDeliveryException.permanent("status 410 Gone: the webhook is disabled"));
        }
        if (status == 408 || status == 429 || status >= 500 && status < 600) {
            Optional<Duration> after = RetryAfter.parse(reply.retryAfter(), Instant.now());
            String reason = "status " + status;
            throw failed(event, code, after.map(delay -> EventDeliveryException.retryAfter(reason + ", Retry-After "
                + delay.toSeconds() + "s", delay)).orElseGet(() -> EventDeliveryException.retry(reason)));
        }
        String reason = status >= 300 && status < 400 ? "status " + status + " (redirects are not followed)"
            : "status " + status;
        throw failed(event, code, EventDeliveryException.permanent(reason));
    }

    private EventDeliveryException failure(EventMessage event, Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof EventDeliveryException delivery) {
                return delivery;
            }
            if (cause instanceof SsrfRefusedException refused) {
                return failed(event, SsrfRefusedException.CODE, EventDeliveryException.permanent(refused.getMessage()));
            }
            if (cause instanceof java.util.concurrent.TimeoutException
                || cause instanceof java.net.SocketTimeoutException
                || cause instanceof org.apache.hc.client5.http.ConnectTimeoutException) {
                return failed(event, "timeout", EventDeliveryException.retry("timeout: no answer within " + timeout));
            }
        }
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return failed(event, "connection", EventDeliveryException.retry("connection error: "
            + root.getClass().getSimpleName() + (root.getMessage() == null ? "" : " " + root.getMessage())));
    }

    private EventDeliveryException failed(EventMessage event, String reason, EventDeliveryException failure) {
        String outcome = failure.isPermanent() ? "failed" : "retried";
        metrics.ifPresent(m -> m.attempt(name, outcome, reason));
        if (failure.isPermanent()) {
            LOG.warn("Webhook {}: event {} failed for good: {}", name, event.id(), failure.getMessage());
        } else {
            LOG.info("Webhook {}: event {} attempt failed, to be retried: {}", name, event.id(), failure.getMessage());
        }
        return failure;
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
