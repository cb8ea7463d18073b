package io.fx.micronaut.events.email;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.List;

/**
 * One e-mail destination, {@code fx.events.email.<name>}: each matching event is mailed, its subject and body
 * rendered from text templates. A template holds text and placeholders: {@code {type}} (the event type),
 * {@code {subject}} (the CloudEvents subject) and {@code {data.<field>}} (a field of the event's data, which never
 * holds a redacted field; a nested one as {@code {data.a.b}}); a doubled brace (<code>{{</code>, <code>}}</code>)
 * stands for one. Any other placeholder fails startup naming the key.
 *
 * <pre>{@code
 * micronaut:
 *   email:
 *     from:
 *       email: blog@example.com
 * fx:
 *   events:
 *     email:
 *       published:
 *         patterns: [post.published]
 *         to: [editors@example.com]
 *         subject: "Published: {data.title}"
 *         body: "{data.title} by {data.author_name} was published ({subject})."
 * }</pre>
 *
 * @param name          the entry's name, the map key; its destination in the outbox is {@code email.<name>}
 * @param patterns      the {@linkplain io.fx.micronaut.events.EventPatterns event types} it mails ({@code *})
 * @param to            the recipients' addresses; exactly one of {@code to} and {@code to-field} is set
 * @param toField       the field of the event's data that holds the recipient's address
 * @param subject       the subject's template, required
 * @param body          the body's template (plain text), required
 * @param from          the sender's address; unset: {@code micronaut.email.from.email}
 * @param retrySchedule the delays before the second, third... attempt after an SMTP 4xx answer or a connection
 *                      error, each spread &plusmn;20%; unset: the relay's backoff ({@code fx.events.initial-backoff},
 *                      {@code max-backoff}, {@code max-attempts})
 * @since 0.8.0
 */
@EachProperty(EmailConfiguration.PREFIX)
public record EmailConfiguration(@Parameter @NonNull String name,
                                 @Bindable(defaultValue = "*") @NonNull List<String> patterns,
                                 @Nullable List<String> to,
                                 @Nullable String toField,
                                 @Nullable String subject,
                                 @Nullable String body,
                                 @Nullable String from,
                                 @Nullable List<Duration> retrySchedule) {

    /** The prefix of every e-mail entry. */
    public static final String PREFIX = EventsConfiguration.PREFIX + ".email";
    /** The prefix of its destination's name in the outbox. */
    public static final String DESTINATION_PREFIX = "email.";

    /** Absent lists are empty. */
    public EmailConfiguration {
        patterns = List.copyOf(patterns);
        to = to == null ? List.of() : List.copyOf(to);
        retrySchedule = retrySchedule == null ? null : List.copyOf(retrySchedule);
    }

    /**
     * @param key a key of this entry, such as {@code subject}
     * @return its full name, {@code fx.events.email.<name>.<key>}, for messages
     */
    @NonNull
    public String key(@NonNull String key) {
        return PREFIX + "." + name + "." + key;
    }
}
