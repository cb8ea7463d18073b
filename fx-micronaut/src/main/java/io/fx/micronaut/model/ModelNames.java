package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;

/**
 * The names the framework derives from a model's name, for modules that name things after models the way the
 * core does (an event type {@code post_tag.created}, a history table {@code post_tag_history}).
 *
 * @since 0.8.0
 */
public final class ModelNames {

    private ModelNames() {
    }

    /**
     * @param name a camelCase or PascalCase name
     * @return its snake_case form: {@code PostTag} is {@code post_tag}, {@code HTTPCode} is {@code http_code}
     */
    @NonNull
    public static String snakeCase(@NonNull String name) {
        StringBuilder out = new StringBuilder(name.length() + 8);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                boolean prevLower = i > 0 && (Character.isLowerCase(name.charAt(i - 1)) || Character.isDigit(name.charAt(i - 1)));
                boolean nextLower = i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
                boolean prevUpper = i > 0 && Character.isUpperCase(name.charAt(i - 1));
                if (i > 0 && (prevLower || (prevUpper && nextLower)) && out.charAt(out.length() - 1) != '_') {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
