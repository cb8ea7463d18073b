package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Relation test model: many books through BookGenre. */
@FxModel
public class Genre extends BaseModel {

    @Fx("required, unique, filterable")
    private String label;
    @Fx("through:BookGenre")
    private List<Book> books;

    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
    public List<Book> getBooks() { return books; }
    public void setBooks(List<Book> books) { this.books = books; }
}
