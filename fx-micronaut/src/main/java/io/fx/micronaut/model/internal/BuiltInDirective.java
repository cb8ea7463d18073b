package io.fx.micronaut.model.internal;

import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A directive of the core, assembled from functions; see {@link CoreDirectives}.
 */
@Internal
final class BuiltInDirective implements FieldDirective {

    /** What a directive does to the descriptor. */
    @FunctionalInterface
    interface Effect {
        void apply(FieldDescriptor.Builder field, Object value, DirectiveSite site);
    }

    private final String name;
    private final boolean takesValue;
    private final int order;
    private final Set<FieldType> fieldTypes;
    private final Set<String> conflicts;
    private final Function<DirectiveSite, Optional<FieldType>> storageType;
    private final BiFunction<String, DirectiveSite, Object> parser;
    private final Effect effect;

    private BuiltInDirective(String name, boolean takesValue, int order, Set<FieldType> fieldTypes, Set<String> conflicts,
                             Function<DirectiveSite, Optional<FieldType>> storageType,
                             BiFunction<String, DirectiveSite, Object> parser, Effect effect) {
        this.name = name;
        this.takesValue = takesValue;
        this.order = order;
        this.fieldTypes = fieldTypes;
        this.conflicts = conflicts;
        this.storageType = storageType;
        this.parser = parser;
        this.effect = effect;
    }

    static BuiltInDirective flag(String name, Effect effect) {
        return new BuiltInDirective(name, false, 0, Set.of(), Set.of(), s -> Optional.empty(), (v, s) -> v, effect);
    }

    static BuiltInDirective valued(String name, BiFunction<String, DirectiveSite, Object> parser, Effect effect) {
        return new BuiltInDirective(name, true, 0, Set.of(), Set.of(), s -> Optional.empty(), parser, effect);
    }

    BuiltInDirective order(int value) {
        return new BuiltInDirective(name, takesValue, value, fieldTypes, conflicts, storageType, parser, effect);
    }

    BuiltInDirective types(FieldType... types) {
        return new BuiltInDirective(name, takesValue, order, Set.of(types), conflicts, storageType, parser, effect);
    }

    BuiltInDirective conflicts(String... names) {
        return new BuiltInDirective(name, takesValue, order, fieldTypes, Set.of(names), storageType, parser, effect);
    }

    BuiltInDirective storage(Function<DirectiveSite, Optional<FieldType>> decider) {
        return new BuiltInDirective(name, takesValue, order, fieldTypes, conflicts, decider, parser, effect);
    }

    @Override
    @NonNull
    public String name() {
        return name;
    }

    @Override
    public boolean takesValue() {
        return takesValue;
    }

    @Override
    public int getOrder() {
        return order;
    }

    @Override
    @NonNull
    public Set<FieldType> fieldTypes() {
        return fieldTypes;
    }

    @Override
    @NonNull
    public Set<String> conflictsWith() {
        return conflicts;
    }

    @Override
    @NonNull
    public Optional<FieldType> storageType(@NonNull DirectiveSite site) {
        return storageType.apply(site);
    }

    @Override
    @NonNull
    public Object parse(@NonNull String value, @NonNull DirectiveSite site) {
        return parser.apply(value, site);
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, Object value, @NonNull DirectiveSite site) {
        effect.apply(field, value, site);
    }

    @Override
    public String toString() {
        return name;
    }
}
