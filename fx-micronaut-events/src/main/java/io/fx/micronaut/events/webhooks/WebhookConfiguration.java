package io.fx.micronaut.events.webhooks;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One webhook, {@code fx.events.webhooks.<name>}: an event destination that POSTs each matching event to a URL,
 * signed as Standard Webhooks 1.0 specifies.
 *
 * <pre>{@code
 * fx:
 *   events:
 *     webhooks:
 *       billing:
 *         url: https://billing.example.com/hooks/fx
 *         secrets: [whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw]
 *         patterns: [order.*]
 * }</pre>
 *
 * @param name            the webhook's name, the map key: its destination name in the outbox (1 to 64 of
 *                        {@code a-z}, {@code 0-9}, {@code .}, {@code _}, {@code -})
 * @param url             where events are POSTed: {@code http} or {@code https}, no user info
 * @param secrets         the signing secrets, {@code whsec_} and the base64 of 24 to 64 random bytes; each signs
 *                        every request (one {@code v1,} signature each), so a receiver can move to a new secret
 *                        while the old one still verifies
 * @param patterns        the {@linkplain io.fx.micronaut.events.EventPatterns event types} it receives ({@code *})
 * @param timeout         how long one request may take, connection included (15 s)
 * @param retrySchedule   the delays before the second, third... attempt, each spread &plusmn;20%: by default the
 *                        standard's 5s, 5m, 30m, 2h, 5h, 10h, 14h, 20h, 24h (ten attempts over about three days);
 *                        once spent the delivery is marked {@code failed}
 * @param allowedNetworks the CIDR blocks it may reach although they are loopback, private, link-local and so on
 *                        (empty: none)
 * @param headers         further request headers (not {@code webhook-*}, {@code content-type} or another header
 *                        the client sets)
 * @since 0.8.0
 */
@EachProperty(WebhookConfiguration.PREFIX)
public record WebhookConfiguration(@Parameter @NonNull String name,
                                   @Nullable String url,
                                   @Nullable List<String> secrets,
                                   @Bindable(defaultValue = "*") @NonNull List<String> patterns,
                                   @Bindable(defaultValue = WebhookConfiguration.DEFAULT_TIMEOUT) @NonNull Duration timeout,
                                   @Bindable(defaultValue = WebhookConfiguration.DEFAULT_RETRY_SCHEDULE)
                                   @NonNull List<Duration> retrySchedule,
                                   @Nullable List<String> allowedNetworks,
                                   @Nullable Map<String, String> headers) {

    /** The prefix of every webhook's entry. */
    public static final String PREFIX = EventsConfiguration.PREFIX + ".webhooks";
    /** The default {@link #timeout()}. */
    public static final String DEFAULT_TIMEOUT = "15s";
    /** The default {@link #retrySchedule()}, the Standard Webhooks schedule. */
    public static final String DEFAULT_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h,14h,20h,24h";

    /** Absent lists and maps are empty. */
    public WebhookConfiguration {
        secrets = secrets == null ? List.of() : List.copyOf(secrets);
        patterns = List.copyOf(patterns);
        retrySchedule = List.copyOf(retrySchedule);
        allowedNetworks = allowedNetworks == null ? List.of() : List.copyOf(allowedNetworks);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /**
     * @param key a key of this entry, such as {@code url}
     * @return its full name, {@code fx.events.webhooks.<name>.<key>}, for messages
     */
    @NonNull
    public String key(@NonNull String key) {
        return PREFIX + "." + name + "." + key;
    }

    @Override
    public String toString() {
        return "WebhookConfiguration[" + name + " " + url + ", " + secrets.size() + " secret(s)]";
    }
}
