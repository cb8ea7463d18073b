package io.fx.micronaut.model.internal;

import io.fx.micronaut.model.ReferentialAction;

/**
 * One relation-related property of a model as declared, before the models it names are resolved.
 *
 * @param form       what the property declares
 * @param property   the Java property name
 * @param column     its snake_case name
 * @param targetName the companion name ({@code relation:Name}), the target model name (convention)
 *                   or the junction model name ({@code through:})
 * @param targetType the property type of a companion, the element type of a list, otherwise null
 * @param onDelete   the declared action, or null
 */
record RelationDeclaration(Form form, String property, String column, String targetName, Class<?> targetType,
                           ReferentialAction onDelete) {

    /** What a property declares. */
    enum Form {
        /** A String key with {@code relation:Name}. */
        EXPLICIT_KEY,
        /** A String property named {@code <Target>Id}; a BelongsTo only when a model Target is registered. */
        CONVENTION_KEY,
        /** A property of a model type, filled by a BelongsTo; never a column. */
        COMPANION,
        /** A list of a model type without {@code through:}. */
        HAS_MANY,
        /** A list of a model type with {@code through:Junction}. */
        MANY_TO_MANY
    }
}
