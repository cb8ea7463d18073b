package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;

import java.util.ArrayList;
import java.util.List;

/** The encrypted fields of the registered models. */
final class EncryptedFields {

    private EncryptedFields() {
    }

    /** A model's encrypted field. */
    record Site(ModelDescriptor model, FieldDescriptor field) {
        String subject() {
            return model.getName() + "." + field.name();
        }
    }

    static List<Site> all(ModelRegistry registry) {
        List<Site> sites = new ArrayList<>();
        for (ModelDescriptor model : registry.getModels()) {
            sites.addAll(of(model));
        }
        return sites;
    }

    static List<Site> of(ModelDescriptor model) {
        List<Site> sites = new ArrayList<>();
        for (FieldDescriptor field : model.getFields()) {
            if (EncryptedField.of(field).isPresent()) {
                sites.add(new Site(model, field));
            }
        }
        return sites;
    }
}
