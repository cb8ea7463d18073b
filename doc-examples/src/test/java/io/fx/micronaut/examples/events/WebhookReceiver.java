package io.fx.micronaut.examples.events;

// tag::webhook-receiver[]
import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/** The receiving side of a webhook: checks each delivery's signature, then hands each event on once. */
final class WebhookReceiver {

    private final Webhook webhook;
    private final Consumer<String> events;
    private final Set<String> processed = ConcurrentHashMap.newKeySet();   // a table in a real receiver

    WebhookReceiver(Webhook webhook, Consumer<String> events) {
        this.webhook = webhook;   // new Webhook(System.getenv("WEBHOOK_SECRET")), a whsec_... secret
        this.events = events;
    }

    /**
     * @param body    the request body exactly as received
     * @param headers the request headers, name to values, looked up ignoring case (com.sun.net.httpserver.Headers)
     * @return the status to answer
     */
    int receive(byte[] body, Map<String, List<String>> headers) {
        String payload = new String(body, StandardCharsets.UTF_8);
        try {
            webhook.verify(payload, headers);
        } catch (WebhookVerificationException e) {
            return 401;   // forged, altered, or older than 5 minutes
        }
        String eventId = headers.get("webhook-id").get(0);
        if (!processed.add(eventId)) {
            return 200;   // a redelivery: acknowledge, do nothing
        }
        events.accept(payload);   // the CloudEvent, parsed only now
        return 200;
    }
}
// end::webhook-receiver[]
