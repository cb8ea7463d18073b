package io.fx.micronaut.events.email;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A text template of an e-mail entry, parsed once at startup: text and the placeholders {@code {type}},
 * {@code {subject}} and {@code {data.<field>}} (dotted for a nested field). A doubled brace stands for one brace.
 * A missing or null field renders as nothing.
 */
final class EmailTemplate {

    private static final Pattern FIELD = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*(\\.[A-Za-z_][A-Za-z0-9_-]*)*");

    private final List<Part> parts;

    private EmailTemplate(List<Part> parts) {
        this.parts = List.copyOf(parts);
    }

    /**
     * @param text the template
     * @param key  its configuration key, for messages
     * @return the parsed template
     * @throws FxConfigurationException naming the key when it is missing or holds an unknown placeholder
     */
    @NonNull
    static EmailTemplate parse(@Nullable String text, @NonNull String key) {
        if (text == null || text.isBlank()) {
            throw new FxConfigurationException(key + " is required");
        }
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if ((c == '{' || c == '}') && i + 1 < text.length() && text.charAt(i + 1) == c) {
                literal.append(c);
                i += 2;
            } else if (c == '{') {
                int end = text.indexOf('}', i);
                if (end < 0) {
                    throw new FxConfigurationException(key + " has a '{' without its '}' (write {{ for a brace)");
                }
                if (!literal.isEmpty()) {
                    parts.add(new Text(literal.toString()));
                    literal.setLength(0);
                }
                parts.add(placeholder(text.substring(i + 1, end), key));
                i = end + 1;
            } else if (c == '}') {
                throw new FxConfigurationException(key + " has a '}' without its '{' (write }} for a brace)");
            } else {
                literal.append(c);
                i++;
            }
        }
        if (!literal.isEmpty()) {
            parts.add(new Text(literal.toString()));
        }
        return new EmailTemplate(parts);
    }

    private static Part placeholder(String name, String key) {
        String trimmed = name.trim();
        if (trimmed.equals("type")) {
            return (type, subject, data) -> type;
        }
        if (trimmed.equals("subject")) {
            return (type, subject, data) -> subject;
        }
        if (trimmed.startsWith("data.") && FIELD.matcher(trimmed.substring(5)).matches()) {
            String[] path = trimmed.substring(5).split("\\.");
            return (type, subject, data) -> render(lookup(data, path));
        }
        throw new FxConfigurationException(key + " has an unknown placeholder {" + name
            + "}: use {type}, {subject} or {data.<field>}");
    }

    /**
     * @param data a record's data (or any map)
     * @param path a field's path
     * @return the value there, or null
     */
    @Nullable
    static Object lookup(@NonNull Map<?, ?> data, @NonNull String[] path) {
        Object value = data;
        for (String segment : path) {
            if (!(value instanceof Map<?, ?> map)) {
                return null;
            }
            value = map.get(segment);
        }
        return value;
    }

    private static String render(@Nullable Object value) {
        return value == null ? "" : value.toString();
    }

    /**
     * @param type    the event type
     * @param subject the event's subject
     * @param data    the event's data, redacted fields left out; empty when it is no object
     * @return the text
     */
    @NonNull
    String render(@NonNull String type, @NonNull String subject, @NonNull Map<?, ?> data) {
        StringBuilder out = new StringBuilder();
        for (Part part : parts) {
            out.append(part.render(type, subject, data));
        }
        return out.toString();
    }

    /** A piece of a template. */
    @FunctionalInterface
    private interface Part {
        String render(String type, String subject, Map<?, ?> data);
    }

    private record Text(String text) implements Part {
        @Override
        public String render(String type, String subject, Map<?, ?> data) {
            return text;
        }
    }
}
