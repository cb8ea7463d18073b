package io.fx.micronaut.events.email;

import io.fx.micronaut.events.EventDeliveryException;
import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventPatterns;
import io.fx.micronaut.events.Subscription;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.EachBean;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;
import io.micronaut.email.BodyType;
import io.micronaut.email.Contact;
import io.micronaut.email.Email;
import io.micronaut.email.EmailSender;
import io.micronaut.email.configuration.FromConfiguration;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.mail.internet.AddressException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;

/**
 * An e-mail destination ({@code fx.events.email.<name>}, destination {@code email.<name>} in the outbox): each
 * matching event is mailed through Micronaut Email's {@link EmailSender} (with {@code micronaut-email-javamail},
 * over SMTP), as plain text whose subject and body are rendered from the entry's templates over the event's data,
 * from which redacted fields are always absent. Control characters (CR and LF) are removed from the subject and
 * the addresses, and an address must be exactly one address, so no template value can add a header or a
 * recipient.
 *
 * <p>An SMTP reply of class 4 or a connection error is retried as the relay's backoff or the entry's
 * {@code retry-schedule} says; a reply of class 5 (such as an unknown recipient), or a {@code to-field} that
 * holds no address, fails the delivery for good. Each failure is logged with the event id and the reply line,
 * never the body. The mail is sent on the {@code io} executor, so a slow server holds no relay thread.</p>
 *
 * @since 0.8.0
 */
@EachBean(EmailConfiguration.class)
@Requires(classes = EmailSender.class)
public final class EmailPublisher implements EventDestination {

    private static final Logger LOG = LoggerFactory.getLogger(EmailPublisher.class);
    private static final Argument<Map<String, Object>> EVENT = Argument.mapOf(String.class, Object.class);

    private final String name;
    private final String entry;
    private final List<String> patterns;
    private final List<Contact> to;
    private final String[] toField;
    private final String toFieldName;
    private final String from;
    private final EmailTemplate subject;
    private final EmailTemplate body;
    private final Optional<List<Duration>> schedule;
    private final EmailSender<?, ?> sender;
    private final JsonMapper json;
    private final ExecutorService executor;

    EmailPublisher(EmailConfiguration configuration, EmailSender<?, ?> sender, Optional<FromConfiguration> defaultFrom,
                   JsonMapper json, @Named(TaskExecutors.IO) ExecutorService executor) {
        this.entry = configuration.name();
        this.name = EmailConfiguration.DESTINATION_PREFIX + entry;
        try {
            Subscription.checkName(name);
            EventPatterns.of(configuration.patterns());
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(EmailConfiguration.PREFIX + "." + entry + ": " + e.getMessage());
        }
        this.patterns = configuration.patterns();
        this.to = recipients(configuration);
        this.toFieldName = configuration.toField() == null ? null : configuration.toField().trim();
        this.toField = toFieldName == null ? null : toFieldName.split("\\.");
        this.from = from(configuration, defaultFrom);
        this.subject = EmailTemplate.parse(configuration.subject(), configuration.key("subject"));
        this.body = EmailTemplate.parse(configuration.body(), configuration.key("body"));
        List<Duration> retrySchedule = configuration.retrySchedule();
        if (retrySchedule != null && retrySchedule.stream().anyMatch(Duration::isNegative)) {
            throw new FxConfigurationException(configuration.key("retry-schedule") + " has a negative delay");
        }
        this.schedule = Optional.ofNullable(retrySchedule);
        this.sender = sender;
        this.json = json;
        this.executor = executor;
    }

    private static List<Contact> recipients(EmailConfiguration configuration) {
        boolean field = configuration.toField() != null && !configuration.toField().isBlank();
        if (configuration.to().isEmpty() == !field) {
            throw new FxConfigurationException(configuration.key("to") + " or " + configuration.key("to-field")
                + ": set exactly one of them");
        }
        List<Contact> addresses = new ArrayList<>();
        for (String address : configuration.to()) {
            try {
                addresses.add(EmailAddresses.contact(address));
            } catch (AddressException e) {
                throw new FxConfigurationException(configuration.key("to") + ": '" + address + "' is not an "
                    + "address");
            }
        }
        return List.copyOf(addresses);
    }

    private static String from(EmailConfiguration configuration, Optional<FromConfiguration> defaultFrom) {
        String configured = configuration.from();
        String key = configuration.key("from");
        if (configured == null || configured.isBlank()) {
            configured = defaultFrom.map(FromConfiguration::getFrom).map(io.micronaut.email.Contact::getEmail).orElse(null);
            key = "micronaut.email.from.email";
        }
        if (configured == null || configured.isBlank()) {
            throw new FxConfigurationException(configuration.key("from") + " is required when "
                + "micronaut.email.from.email is not set");
        }
        try {
            return EmailAddresses.address(configured);
        } catch (AddressException e) {
            throw new FxConfigurationException(key + ": '" + configured + "' is not an address");
        }
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
        return schedule;
    }

    @Override
    @NonNull
    public CompletionStage<Void> deliver(@NonNull EventMessage event) {
        CompletableFuture<Void> outcome = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                if (outcome.isDone()) {
                    return;
                }
                try {
                    send(event);
                    outcome.complete(null);
                } catch (RuntimeException e) {
                    outcome.completeExceptionally(failed(event, e));
                }
            });
        } catch (RuntimeException e) {
            outcome.completeExceptionally(EventDeliveryException.retry("the io executor refused the mail", e));
        }
        return outcome;
    }

    private void send(EventMessage event) {
        Map<?, ?> data = data(event);
        Email.Builder mail = Email.builder()
            .from(from)
            .subject(EmailAddresses.strip(subject.render(event.type(), event.subject(), data)))
            .body(body.render(event.type(), event.subject(), data), BodyType.TEXT);
        for (Contact address : recipients(event, data)) {
            mail.to(address);
        }
        sender.send(mail);
    }

    private List<Contact> recipients(EventMessage event, Map<?, ?> data) {
        if (toField == null) {
            return to;
        }
        Object value = EmailTemplate.lookup(data, toField);
        if (value == null || value.toString().isBlank()) {
            throw EventDeliveryException.permanent("no recipient: data." + toFieldName + " is empty or absent");
        }
        try {
            return List.of(EmailAddresses.contact(value.toString()));
        } catch (AddressException e) {
            throw EventDeliveryException.permanent("no recipient: data." + toFieldName + " is not exactly one "
                + "address");
        }
    }

    private Map<?, ?> data(EventMessage event) {
        try {
            Object data = json.readValue(event.json(), EVENT).get("data");
            return data instanceof Map<?, ?> map ? map : Map.of();
        } catch (IOException e) {
            throw EventDeliveryException.permanent("the event is not JSON");
        }
    }

    private EventDeliveryException failed(EventMessage event, RuntimeException error) {
        EventDeliveryException failure = error instanceof EventDeliveryException delivery ? delivery
            : SmtpFailure.classify(error);
        if (failure.isPermanent()) {
            LOG.warn("E-mail {}: event {} failed for good: {}", entry, event.id(), failure.getMessage());
        } else {
            LOG.info("E-mail {}: event {} attempt failed, to be retried: {}", entry, event.id(), failure.getMessage());
        }
        return failure;
    }
}
