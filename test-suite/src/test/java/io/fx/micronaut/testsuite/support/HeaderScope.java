package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.http.HttpRequest;

/**
 * A scope for tests, public API only: the rows of one model whose field equals a request header's value;
 * unrestricted when the request has no such header (or there is no request). A test subclasses it as a bean
 * of its own spec.
 */
public abstract class HeaderScope implements ScopeResolver {

    private final String model;
    private final String header;
    private final String field;

    /**
     * @param model  the scoped model's name
     * @param header the request header whose value the field must equal
     * @param field  the field
     */
    protected HeaderScope(String model, String header, String field) {
        this.model = model;
        this.header = header;
        this.field = field;
    }

    @Override
    public boolean appliesTo(ModelDescriptor descriptor) {
        return descriptor.getName().equals(model);
    }

    @Override
    public RecordScope resolve(ModelDescriptor descriptor, StorageContext context) {
        String value = context.getRequest().map(HttpRequest::getHeaders).map(h -> h.get(header)).orElse(null);
        return value == null ? RecordScope.unrestricted() : RecordScope.of(descriptor).eq(field, value).build();
    }
}
