package io.fx.micronaut.examples.mail;

import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps the blog's mail variables when {@code BLOG_SMTP_HOST} is set: Jakarta Mail's SMTP server
 * ({@code BLOG_SMTP_HOST}, {@code BLOG_SMTP_PORT}, default 25), the sender ({@code BLOG_MAIL_FROM}, default
 * {@code blog@localhost}) and the recipients ({@code BLOG_MAIL_TO}, comma-separated, required). With
 * {@code BLOG_EVENTS=true} two e-mail destinations mail every {@code post.published} ({@code published}) and every
 * {@code comment.created} ({@code comments}); the {@code digest} job mails the same recipients.
 *
 * @since 0.8.0
 */
public final class MailVariables {

    /** The property holding the recipients, set only when mail is configured. */
    public static final String TO = "blog.mail.to";
    /** The sender when {@code BLOG_MAIL_FROM} is unset. */
    public static final String DEFAULT_FROM = "blog@localhost";
    /** Variables that may not be set empty. */
    public static final List<String> REQUIRED_VALUES = List.of("BLOG_SMTP_HOST", "BLOG_SMTP_PORT", "BLOG_MAIL_TO",
        "BLOG_MAIL_FROM");

    private MailVariables() {
    }

    /**
     * @param builder     the blog's context builder
     * @param environment the environment variables
     * @param events      whether {@code BLOG_EVENTS=true}
     * @throws IllegalStateException when {@code BLOG_SMTP_HOST} is set without {@code BLOG_MAIL_TO}, or the port is
     *     not a port number
     */
    public static void apply(@NonNull ApplicationContextBuilder builder, @NonNull Map<String, String> environment,
                             boolean events) {
        String host = environment.get("BLOG_SMTP_HOST");
        if (host == null) {
            return;
        }
        String to = environment.get("BLOG_MAIL_TO");
        if (to == null || to.isBlank()) {
            throw new IllegalStateException("BLOG_SMTP_HOST is set: set BLOG_MAIL_TO, the recipients, as well");
        }
        Map<String, Object> properties = new HashMap<>();
        properties.put("javamail.properties.mail.smtp.host", host);
        properties.put("javamail.properties.mail.smtp.port", port(environment.getOrDefault("BLOG_SMTP_PORT", "25")));
        properties.put("micronaut.email.from.email", environment.getOrDefault("BLOG_MAIL_FROM", DEFAULT_FROM));
        properties.put(TO, list(to));
        if (events) {
            properties.put("fx.events.email.published.patterns", List.of("post.published"));
            properties.put("fx.events.email.published.to", list(to));
            properties.put("fx.events.email.published.subject", "Published: {data.title}");
            properties.put("fx.events.email.published.body", "{data.title} was published ({subject}).");
            properties.put("fx.events.email.comments.patterns", List.of("comment.created"));
            properties.put("fx.events.email.comments.to", list(to));
            properties.put("fx.events.email.comments.subject", "New comment by {data.author_name}");
            properties.put("fx.events.email.comments.body", "{data.author_name} wrote: {data.body}");
        }
        builder.properties(properties);
    }

    private static String port(String value) {
        try {
            int port = Integer.parseInt(value.strip());
            if (port >= 1 && port <= 65535) {
                return Integer.toString(port);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalStateException("BLOG_SMTP_PORT is a port number (1-65535), not '" + value + "'");
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
    }
}
