package io.fx.micronaut.accessor;

import io.fx.micronaut.accessor.ModelAccessor;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.QueryParser;
import io.fx.micronaut.validation.RecordValidator;
import io.micronaut.core.annotation.NonNull;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One model's accessor: validation and query parsing as on HTTP, then the data store. */
final class DefaultModelAccessor implements ModelAccessor {

    private final ModelDescriptor model;
    private final DataStore store;
    private final RecordValidator validator;
    private final QueryParser parser;
    private final StorageContext context;

    DefaultModelAccessor(ModelDescriptor model, DataStore store, RecordValidator validator, QueryParser parser,
                         StorageContext context) {
        this.model = model;
        this.store = store;
        this.validator = validator;
        this.parser = parser;
        this.context = context;
    }

    @Override
    @NonNull
    public ModelDescriptor model() {
        return model;
    }

    @Override
    @NonNull
    public Page list(@NonNull String queryString) {
        return list(parameters(queryString));
    }

    @Override
    @NonNull
    public Page list(@NonNull Map<String, List<String>> parameters) {
        return store.list(context, model, parser.parse(model, parameters));
    }

    @Override
    @NonNull
    public Optional<Map<String, Object>> read(@NonNull String id) {
        return store.read(context, model, id, List.of());
    }

    @Override
    @NonNull
    public Optional<Map<String, Object>> findByUnique(@NonNull String field, @NonNull Object value) {
        FieldDescriptor unique = model.findField(field).filter(FieldDescriptor::unique).filter(FieldDescriptor::isReadable)
            .orElseThrow(() -> new IllegalArgumentException("Model " + model.getName() + " has no readable unique field '"
                + field + "'"));
        if (value == null) {
            throw new IllegalArgumentException("findByUnique needs a value");
        }
        Object typed = value instanceof String text && unique.type() != io.fx.micronaut.model.FieldType.STRING
            ? io.fx.micronaut.model.Values.parseScalar(unique.type(), text) : value;
        ListQuery query = new ListQuery(List.of(new FilterClause(0, unique, FilterOperator.EQ, List.of(typed), null)),
            List.of(), List.of(), 1, 2, false, io.fx.micronaut.config.TotalMode.NONE, null);
        List<Map<String, Object>> found = store.list(context, model, query).rows();
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    @Override
    @NonNull
    public Map<String, Object> create(@NonNull Map<String, Object> body) {
        writable();
        return store.create(context, model, validator.validate(model, body, true));
    }

    @Override
    @NonNull
    public Optional<Map<String, Object>> update(@NonNull String id, @NonNull Map<String, Object> body) {
        writable();
        return store.update(context, model, id, validator.validate(model, body, false)).flatMap(RecordChange::getAfter);
    }

    /** A read-only model is refused before its body is validated, as the store would refuse it after. */
    private void writable() {
        if (model.isReadOnly()) {
            throw io.fx.micronaut.exception.ErrorCode.METHOD_NOT_ALLOWED.exception(model.getName()
                + " is read-only: its records are written by the framework, not through the model API");
        }
    }

    @Override
    public boolean delete(@NonNull String id) {
        return store.delete(context, model, id).isPresent();
    }

    @Override
    @NonNull
    public Optional<Map<String, Object>> lockForUpdate(@NonNull String id) {
        return store.lockForUpdate(context, model, id);
    }

    /** Splits {@code a=1&b=2&a=3} into decoded names and values, keeping repeats in order. */
    static Map<String, List<String>> parameters(String queryString) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        String query = queryString.startsWith("?") ? queryString.substring(1) : queryString;
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            parameters.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return parameters;
    }

    private static String decode(String raw) {
        return URLDecoder.decode(raw, StandardCharsets.UTF_8);
    }

    @Override
    @NonNull
    public Map<String, Object> fromRow(@NonNull Map<String, Object> row) {
        return store.toRecord(context, model, row);
    }
}
