package io.fx.micronaut.events.internal;

import io.cloudevents.CloudEvent;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventsConfiguration;
import io.fx.micronaut.model.RecordRenderer;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Makes events: a CloudEvent 1.0 in JSON structured mode, written once into the outbox and sent as the same bytes
 * to every destination, and parsed back into a {@link CloudEvent} for subscribers.
 *
 * <p>Attributes: {@code specversion}, {@code id} (a UUID), {@code source} ({@code fx.events.source}, else
 * {@code /} and the service name), {@code type}, {@code subject}, {@code time} (the write's instant, UTC, to the
 * millisecond), {@code datacontenttype} ({@code application/json}), and the extensions {@code model},
 * {@code operation}, {@code recordid} (a record's events), {@code actorid} (an authenticated caller's user id;
 * none for anonymous and system callers), {@code tenantid} (when the caller has a tenant), {@code requestid} and
 * {@code traceparent} (an incoming, valid W3C header only).</p>
 */
@Internal
@Singleton
public final class EventComposer {

    private static final Pattern TRACEPARENT = Pattern.compile("[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");
    private static final Argument<Map<String, Object>> MAP = Argument.mapOf(String.class, Object.class);
    private static final String SPEC_VERSION = "1.0";

    private final RecordRenderer renderer;
    private final JsonMapper mapper;
    private final String source;

    EventComposer(RecordRenderer renderer, JsonMapper mapper, EventsConfiguration configuration,
                  FxConfiguration fx) {
        this.renderer = renderer;
        this.mapper = mapper;
        String configured = configuration.getSource();
        this.source = configured != null && !configured.isBlank() ? configured
            : "/" + fx.getServiceName().orElse("fx");
        URI.create(source);
    }

    /**
     * @param context   who caused the event
     * @param type      the event type
     * @param subject   the subject
     * @param recordId  the record's id, or null for a custom event
     * @param model     the model's name, or null for a custom event
     * @param operation {@code create}, {@code update} or {@code delete}, or null for a custom event
     * @param data      the data, plain JSON values
     * @return the event, with the instant it was made
     */
    @NonNull
    public Composed compose(@NonNull StorageContext context, @NonNull String type, @NonNull String subject,
                            @Nullable String recordId, @Nullable String model, @Nullable String operation,
                            @Nullable Object data) {
        String id = UUID.randomUUID().toString();
        Instant time = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Map<String, Object> event = new LinkedHashMap<>(24);
        event.put("specversion", SPEC_VERSION);
        event.put("id", id);
        event.put("source", source);
        event.put("type", type);
        event.put("subject", subject);
        event.put("time", time.toString());
        event.put("datacontenttype", "application/json");
        putIfPresent(event, "model", model);
        putIfPresent(event, "operation", operation);
        putIfPresent(event, "recordid", recordId);
        AuthInfo principal = context.getPrincipal().orElse(null);
        if (principal != null && principal.identityType() != IdentityType.SYSTEM
            && principal.identityType() != IdentityType.ANONYMOUS) {
            event.put("actorid", principal.userId());
        }
        if (principal != null) {
            putIfPresent(event, "tenantid", principal.tenantId());
        }
        event.put("requestid", context.getRequestId());
        context.getRequest().flatMap(r -> r.getHeaders().findFirst("traceparent"))
            .filter(EventComposer::isValidTraceparent)
            .ifPresent(value -> event.put("traceparent", value));
        event.put("data", data);
        byte[] json = renderer.toJson(event);
        String key = recordId != null ? recordId : keyOf(subject);
        return new Composed(new EventMessage(id, type, subject, key, json), time);
    }

    /**
     * @param message an event from the outbox
     * @return it as a CloudEvent, its data the JSON of the event's {@code data}
     */
    @NonNull
    public CloudEvent toCloudEvent(@NonNull EventMessage message) {
        Map<String, Object> event;
        try {
            event = mapper.readValue(message.json(), MAP);
        } catch (IOException e) {
            throw new UncheckedIOException("the event " + message.id() + " in the outbox is not JSON", e);
        }
        CloudEventBuilder builder = CloudEventBuilder.v1()
            .withId(message.id())
            .withSource(URI.create(String.valueOf(event.get("source"))))
            .withType(message.type())
            .withSubject(message.subject())
            .withTime(OffsetDateTime.ofInstant(Instant.parse(String.valueOf(event.get("time"))), ZoneOffset.UTC))
            .withDataContentType("application/json");
        for (Map.Entry<String, Object> attribute : event.entrySet()) {
            switch (attribute.getKey()) {
                case "specversion", "id", "source", "type", "subject", "time", "datacontenttype", "data" -> {
                }
                default -> {
                    if (attribute.getValue() != null) {
                        builder.withExtension(attribute.getKey(), String.valueOf(attribute.getValue()));
                    }
                }
            }
        }
        try {
            builder.withData(mapper.writeValueAsBytes(event.get("data")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return builder.build();
    }

    /**
     * @param subject a subject such as {@code posts/0191}
     * @return what follows its last {@code /}: the record id of a record's subject; the whole subject otherwise
     */
    @NonNull
    public static String keyOf(@NonNull String subject) {
        int slash = subject.lastIndexOf('/');
        return slash >= 0 && slash < subject.length() - 1 ? subject.substring(slash + 1) : subject;
    }

    /**
     * @param value a {@code traceparent} header
     * @return whether it is a valid W3C trace context: version other than {@code ff}, non-zero trace and parent
     */
    static boolean isValidTraceparent(@NonNull String value) {
        if (!TRACEPARENT.matcher(value).matches() || value.startsWith("ff")) {
            return false;
        }
        return !value.substring(3, 35).chars().allMatch(c -> c == '0')
            && !value.substring(36, 52).chars().allMatch(c -> c == '0');
    }

    private static void putIfPresent(Map<String, Object> event, String name, @Nullable String value) {
        if (value != null) {
            event.put(name, value);
        }
    }

    /**
     * An event made for the outbox.
     *
     * @param message the event
     * @param time    its {@code time}
     */
    public record Composed(@NonNull EventMessage message, @NonNull Instant time) {
    }
}
