package io.fx.micronaut.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Field directives of a model property, comma-separated, for example
 * {@code @Fx("required, filterable, enum:draft|published")}. {@code @Fx("-")} removes the property.
 * Read at startup through bean introspection.
 *
 * <p>Known directives: {@code required}, {@code enum:a|b}, {@code min:N}, {@code max:N},
 * {@code default:V}, {@code readonly}, {@code immutable}, {@code writeonly}, {@code hidden},
 * {@code filterable}, {@code sortable}, {@code searchable}, {@code index} (an index on {@code (field, id)} for
 * lists sorted by the field), {@code unique}, {@code json_array},
 * {@code json_object}; for relations {@code relation:Name;onDelete:action} on a String key with a
 * companion property {@code name} of the target type, {@code onDelete:action} on a {@code <Target>Id}
 * key, and {@code through:Junction} on a {@code List} of a model type. An unknown directive is
 * logged as a warning naming the closest known one, or fails startup when {@code fx.strict=true}.</p>
 *
 * @since 0.1.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.RECORD_COMPONENT, ElementType.TYPE})
public @interface Fx {
    /** @return the comma-separated directives */
    String value();
}
