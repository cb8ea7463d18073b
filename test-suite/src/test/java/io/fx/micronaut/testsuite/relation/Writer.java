package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Relation test model: the parent of books (no soft delete); hidden and writeonly fields never appear in includes. */
@FxModel
public class Writer extends BaseModel {

    @Fx("required, filterable, sortable")
    private String name;
    private String bio;
    @Fx("hidden")
    private String salary;
    @Fx("writeonly")
    private String password;
    private List<Book> books;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getBio() { return bio; }
    public void setBio(String bio) { this.bio = bio; }
    public String getSalary() { return salary; }
    public void setSalary(String salary) { this.salary = salary; }
    public String getPassword() { return password; }
    public void setPassword(String password) { this.password = password; }
    public List<Book> getBooks() { return books; }
    public void setBooks(List<Book> books) { this.books = books; }
}
