package io.fx.micronaut.model;

/**
 * The kinds of relation between models.
 *
 * @since 0.1.0
 */
public enum RelationKind {
    /** This model holds the key of one target record ({@code authorId}, or {@code relation:Name}). */
    BELONGS_TO,
    /** Target records hold the key of this one (a {@code List<Child>} property). */
    HAS_MANY,
    /** Records are linked through the rows of a junction model ({@code through:Junction}). */
    MANY_TO_MANY
}
