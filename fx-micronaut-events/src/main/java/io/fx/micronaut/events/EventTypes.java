package io.fx.micronaut.events;

import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.regex.Pattern;

/**
 * Event type names. A record's write is {@code <model in snake_case>.created}, {@code .updated} or
 * {@code .deleted} ({@code post_tag.deleted}; a soft delete is {@code deleted} too). A custom type, published
 * through {@link EventBus#publish}, is two or more dot-separated segments of {@code a-z}, {@code 0-9} and
 * {@code _}.
 *
 * @since 0.7.0
 */
public final class EventTypes {

    private static final Pattern TYPE = Pattern.compile("[a-z0-9_]+(\\.[a-z0-9_]+)+");

    private EventTypes() {
    }

    /**
     * @param type a candidate type
     * @return whether it is a valid event type
     */
    public static boolean isValid(@NonNull String type) {
        return type.length() <= 255 && TYPE.matcher(type).matches();
    }

    /**
     * @param type a custom type
     * @return the type
     * @throws IllegalArgumentException when it is not valid
     */
    @NonNull
    public static String check(@NonNull String type) {
        if (!isValid(type)) {
            throw new IllegalArgumentException("the event type '" + type + "' is not dot-separated segments of "
                + "a-z, 0-9 and _ (at least two, such as post.published)");
        }
        return type;
    }

    /**
     * @param model     a model
     * @param operation a write
     * @return the type of the event the write emits
     */
    @NonNull
    public static String of(@NonNull ModelDescriptor model, @NonNull WriteOperation operation) {
        return snakeCase(model.getName()) + switch (operation) {
            case CREATE -> ".created";
            case UPDATE -> ".updated";
            case DELETE -> ".deleted";
        };
    }

    /**
     * @param operation a write
     * @return its name in an event's {@code operation} attribute: {@code create}, {@code update} or {@code delete}
     */
    @NonNull
    public static String operationName(@NonNull WriteOperation operation) {
        return switch (operation) {
            case CREATE -> "create";
            case UPDATE -> "update";
            case DELETE -> "delete";
        };
    }

    /**
     * @param name a model name such as {@code PostTag}
     * @return it in snake case, such as {@code post_tag}
     */
    @NonNull
    static String snakeCase(@NonNull String name) {
        StringBuilder out = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                boolean boundary = i > 0 && (Character.isLowerCase(name.charAt(i - 1))
                    || Character.isDigit(name.charAt(i - 1))
                    || i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1)));
                if (boundary && out.length() > 0 && out.charAt(out.length() - 1) != '_') {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else if (Character.isLetterOrDigit(c)) {
                out.append(Character.toLowerCase(c));
            } else {
                out.append('_');
            }
        }
        return out.toString();
    }
}
