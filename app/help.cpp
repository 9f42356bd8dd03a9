#include "app/help.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

namespace boids::app {
namespace {

constexpr std::size_t kNameColumn = 28;  // where an option's description starts

// One option as help shows it: "-n, --count N", what it does.
struct Entry {
  std::string group, names, what;
};

std::string namesOf(const CLI::Option& o) {
  std::string names;
  for (const std::string& s : o.get_snames()) names += "-" + s + ", ";
  for (const std::string& l : o.get_lnames()) names += "--" + l + ", ";
  names.resize(names.size() - 2);
  if (o.get_type_size() != 0 && !o.get_type_name().empty()) names += " " + o.get_type_name();
  return names;
}

// The options of `app` in declaration order, grouped as declared ("Options" first).
std::vector<Entry> entriesOf(const CLI::App& app) {
  std::vector<Entry> entries;
  for (const CLI::Option* o : app.get_options([](const CLI::Option* o) { return o->nonpositional() && !o->get_group().empty(); })) {
    entries.push_back({o->get_group(), namesOf(*o), o->get_description()});
  }
  std::vector<std::string> groups;  // in the order of their first option
  for (const Entry& e : entries) {
    if (std::find(groups.begin(), groups.end(), e.group) == groups.end()) groups.push_back(e.group);
  }
  auto rank = [&](const Entry& e) { return std::find(groups.begin(), groups.end(), e.group) - groups.begin(); };
  std::stable_sort(entries.begin(), entries.end(), [&](const Entry& a, const Entry& b) { return rank(a) < rank(b); });
  return entries;
}

std::vector<const CLI::App*> modesOf(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* s) { return !s->get_name().empty(); });
}

class Layout : public CLI::FormatterBase {
 public:
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode) const override {
    std::string out = wrapped(app->get_description(), 0) + "\n\n";
    const std::vector<const CLI::App*> modes = modesOf(*app);
    std::string usage = "Usage: " + name + " [OPTIONS]";
    if (!modes.empty()) usage += " [MODE] [ITS OPTIONS]";
    out += usage + "\n";
    std::string group;
    for (const Entry& e : entriesOf(*app)) {
      if (e.group != group) out += "\n" + (group = e.group) + ":\n";
      std::string lead = "  " + e.names;
      lead += lead.size() + 2 <= kNameColumn ? std::string(kNameColumn - lead.size(), ' ') : "\n" + std::string(kNameColumn, ' ');
      out += lead + wrapped(e.what, kNameColumn).substr(kNameColumn) + "\n";
    }
    if (!modes.empty()) out += "\nModes (boids MODE --help for a mode's options):\n";
    for (const CLI::App* m : modes) {
      const std::string lead = "  " + m->get_name();
      out += lead + std::string(kNameColumn - lead.size(), ' ') + wrapped(m->get_description(), kNameColumn).substr(kNameColumn) + "\n";
    }
    return out;
  }
};

}  // namespace

std::string wrapped(const std::string& text, std::size_t indent, std::size_t width) {
  std::string out, line(indent, ' ');
  std::istringstream lines(text);
  for (std::string paragraph; std::getline(lines, paragraph);) {
    std::istringstream words(paragraph);
    bool first = true;
    for (std::string word; words >> word; first = false) {
      if (!first && line.size() + 1 + word.size() > width) {
        out += line + "\n";
        line.assign(indent, ' ');
        first = true;
      }
      line += (first ? "" : " ") + word;
    }
    out += line + "\n";
    line.assign(indent, ' ');
  }
  if (!out.empty()) out.pop_back();
  return out;
}

std::shared_ptr<CLI::FormatterBase> helpLayout() { return std::make_shared<Layout>(); }

std::string helpMarkdown(const CLI::App& root) {
  std::string out;
  auto section = [&](const CLI::App& app, const std::string& title) {
    std::string group;
    for (const Entry& e : entriesOf(app)) {
      if (e.group != group) out += "\n### " + title + ": " + (group = e.group) + "\n\n";
      out += "- `" + e.names + "`: " + e.what + "\n";
    }
  };
  section(root, "boids");
  for (const CLI::App* m : modesOf(root)) {
    out += "\n### boids " + m->get_name() + "\n\n" + m->get_description() + "\n";
    section(*m, "boids " + m->get_name());
  }
  return out;
}

}  // namespace boids::app
